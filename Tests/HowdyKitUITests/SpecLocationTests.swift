import Foundation
import HowdyKit
import Testing

@testable import HowdyKitUI

/// A spec error names the line and column of the value its JSON path names, as a syntax
/// error does (issue 22: spec errors map to JSON path, line and column).
@Suite struct SpecLocationTests {
    private func error(_ json: String) -> SpecError? {
        do {
            _ = try FlowDocument.decode(Data(json.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test func aValueOfTheWrongTypeIsLocatedAtTheValue() {
        let json = "{\n  \"steps\": [\n    { \"id\": \"a\", \"kind\": \"feature\", \"title\": 42 }\n  ]\n}"
        let found = error(json)
        #expect(found?.path == "steps[0].title")
        #expect(found?.location == "line 3, column 46")
        #expect(found?.description == "steps[0].title: expected a string, got a number (line 3, column 46)")
    }

    @Test func columnsCountCharactersNotBytes() {
        // "ö" and "ß" are two bytes each: the byte offset is column 57, the character column 55.
        let json = "{ \"steps\": [], \"welcome\": { \"title\": \"Größe\", \"zzzz\": 7 } }"
        #expect(error(json)?.path == "welcome.zzzz")
        #expect(error(json)?.location == "line 1, column 55")
    }

    @Test func anUnknownKeyIsLocatedAtItsValueAndAMissingKeyAtItsObject() {
        #expect(error("{ \"steps\": [],\n  \"rendr\": {} }")?.location == "line 2, column 12")
        let missing = error("{ \"steps\": [], \"routes\": [ { \"id\": \"r\" } ] }")
        #expect(missing?.path == "routes[0].title")
        #expect(missing?.location == "line 1, column 28")
    }

    @Test func aKeyHoldingADotIsMatchedWhole() {
        let json = "{ \"steps\": [], \"theme\": { \"a.b\": 1, \"zzz\": 2 } }"
        #expect(error(json)?.path.hasPrefix("theme.") == true)
        #expect(error(json)?.location != nil)
    }
}
