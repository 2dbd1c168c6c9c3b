// The DocC articles' code blocks (Sources/*/*.docc/*.md) are written beside this file by
// Scripts/consumer-check, one file and one function per article, and compiled with the package's
// products as an app links them; ConsumerTests runs those that need no database.
import Foundation
