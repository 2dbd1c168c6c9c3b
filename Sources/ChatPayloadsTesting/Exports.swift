// Tests that import ChatPayloadsTesting can name every ChatPayloads type without importing it too.
@_exported import ChatPayloads
