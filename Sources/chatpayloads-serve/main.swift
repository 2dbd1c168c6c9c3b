import ChatPayloadsCLI

// `chatpayloads-serve [options]`: what `chatpayloads serve` execs (see ServeCommand).
await PlaygroundServer.main(arguments: Array(CommandLine.arguments.dropFirst()))
