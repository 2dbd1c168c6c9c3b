import JSONCore

/// One payload cut out of an input (``PayloadSplitter``), or why the input (or this part of it)
/// cannot be read.
package struct SplitPayload: Sendable {
    /// What was read.
    package enum Content: Sendable {
        /// JSON text (the payload's own bytes).
        case json([UInt8])
        /// A YAML document.
        case yaml(YAMLInstance.Document)
        /// Nothing usable: the issue (`rule` `read`, `parse` or `max-bytes`) says why, its
        /// location already in the input's coordinates when it has one.
        case unreadable(PayloadIssue)
    }

    /// The payload's 0-based position among the input's payloads.
    package var index: Int
    /// Where it sits in the input.
    package var label: PayloadLabel
    /// Its text, document or problem.
    package var content: Content

    /// A payload at `index`.
    package init(index: Int, label: PayloadLabel, content: Content) {
        self.index = index
        self.label = label
        self.content = content
    }
}
