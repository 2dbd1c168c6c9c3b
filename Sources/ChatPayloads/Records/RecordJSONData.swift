// The records' JSON-bytes attributes as Foundation `Data`, for apps whose storage, network or
// database layer hands over `Data`. The stored properties stay `[UInt8]` (what the converters and
// ChatStore read in place); these views copy.
import Foundation

extension UserRecord {
    /// ``custom`` (canonical JSON bytes, empty = none) as `Data`; setting it stores the bytes as given.
    public var customJSONData: Data {
        get { Data(custom) }
        set { custom = Array(newValue) }
    }
}

extension ChannelRecord {
    /// ``custom`` (canonical JSON bytes, empty = none) as `Data`; setting it stores the bytes as given.
    public var customJSONData: Data {
        get { Data(custom) }
        set { custom = Array(newValue) }
    }
}

extension MemberRecord {
    /// ``custom`` (canonical JSON bytes, empty = none) as `Data`; setting it stores the bytes as given.
    public var customJSONData: Data {
        get { Data(custom) }
        set { custom = Array(newValue) }
    }

    /// ``presenceState`` (JSON bytes, nil = none) as `Data`; setting it stores the bytes as given.
    public var presenceStateJSONData: Data? {
        get { presenceState.map { Data($0) } }
        set { presenceState = newValue.map { Array($0) } }
    }
}

extension MessageRecord {
    /// ``content`` (canonical JSON bytes, empty = none) as `Data`; setting it stores the bytes as given.
    public var contentJSONData: Data {
        get { Data(content) }
        set { content = Array(newValue) }
    }

    /// ``custom`` (canonical JSON bytes, empty = none) as `Data`; setting it stores the bytes as given.
    public var customJSONData: Data {
        get { Data(custom) }
        set { custom = Array(newValue) }
    }
}
