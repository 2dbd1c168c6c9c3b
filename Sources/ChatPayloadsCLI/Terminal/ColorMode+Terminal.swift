extension ColorMode {
    /// Whether the text report is coloured: `always` and `never` are obeyed as given (an
    /// explicit flag beats the environment); `auto` means a terminal, unless `NO_COLOR` is set.
    package func enabled(onTerminal: Bool) -> Bool {
        switch self {
        case .always: return true
        case .never: return false
        case .auto: return onTerminal && !Terminal.noColorRequested
        }
    }
}
