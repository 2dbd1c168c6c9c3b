import ChatPayloads

extension ParallelRunner {
    /// Reads `input` payload by payload (``PayloadReader/read(_:maxBytes:idle:keepCarriageReturns:_:)``)
    /// and queues each as a payload of input `inputIndex` under `schema` (chosen by `source`),
    /// its JSON text counted on `progress`; once `queuing` is false the rest is read but not
    /// queued. Returns whether the input held any payload (an empty file or stream holds none).
    /// A plan's ``RunPlan/feed(_:index:into:idle:)`` when it reads no faster way.
    package func enqueuePayloads(
        of input: InputFile, inputIndex: Int, schema: SchemaSpec = .auto, source: SchemaSource = .fallback, maxBytes: Int,
        idle: (() -> Void)?, progress: ProgressLine?, while queuing: () -> Bool = { true }
    ) -> Bool {
        var recordIndex = 0
        var sawPayload = false
        PayloadReader.read(input, maxBytes: maxBytes, idle: idle) { label, record in
            sawPayload = true
            guard queuing() else { return }
            if case .bytes(let bytes) = record { progress?.read(bytes: bytes.count) }
            enqueue(WorkItem(
                inputIndex: inputIndex, recordIndex: recordIndex, label: label, schema: schema, source: source, payload: WorkItem.Payload(record)))
            recordIndex += 1
        }
        return sawPayload
    }
}
