import ChatPayloadsCLI

// The whole command lives in ChatPayloadsCLI (ChatPayloadsMain); this target only starts it.
ChatPayloadsMain.run()
