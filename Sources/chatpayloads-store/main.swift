// `chatpayloads-store`: the whole command-line tool with the store commands (what `chatpayloads
// store …` execs; see StoreExecutable in Sources/ChatPayloadsCLI). ChatPayloadsCLI beside this
// file is a link to Sources/ChatPayloadsCLI, compiled here under CHATPAYLOADS_STORE.
ChatPayloadsMain.run()
