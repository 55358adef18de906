import HowdyText
import HowdyTextJSON
import Testing

/// The request as the general path reads it: HowdyJSON's reader, then `BalanceRequest`.
private func general(_ line: String, defaults: BalanceDefaults) -> (request: BalanceRequest, id: JSONLValue)? {
    guard let value = try? JSONReader.parse(line), let request = try? BalanceRequest(value, defaults: defaults) else {
        return nil
    }
    return (request, value["id"] ?? .null)
}

private func quick(_ line: String, defaults: BalanceDefaults) -> (request: BalanceRequest, id: JSONLValue)? {
    var copy = line
    return copy.withUTF8 { QuickRequestReader.read($0, defaults: defaults) }
}

/// Field by field, numbers by bit pattern (so -0 and 0 differ), ids with their text.
private func same(_ a: (request: BalanceRequest, id: JSONLValue), _ b: (request: BalanceRequest, id: JSONLValue))
    -> Bool
{
    a.request.text == b.request.text && a.request.font == b.request.font
        && a.request.size.bitPattern == b.request.size.bitPattern
        && a.request.width.bitPattern == b.request.width.bitPattern && a.request.strategy == b.request.strategy
        && a.request.options == b.request.options
        && a.request.options.lineHeight?.bitPattern == b.request.options.lineHeight?.bitPattern
        && a.id == b.id && a.id.jsonText == b.id.jsonText
}

@Suite("JSON-lines quick request reader")
struct QuickRequestReaderTests {
    let defaults = BalanceDefaults(font: "Inter-Bold", size: 28, width: 330)

    static let readable = [
        #"{"id":0,"text":"Get reminders for every plan you make","font":"Inter-Bold","size":24,"width":331}"#,
        #" { "text" : "Hi" } "#,
        "{\t\"text\":\"Hi\",\r\n\"id\":-12}",
        #"{"id":"a-ß-字","text":"مرحبا بالعالم","locale":"ar","direction":"rtl","width":240.5}"#,
        #"{"id":null,"text":"日本語のテキスト","locale":"ja","lineBreak":"strict","wordBreak":"keep-all"}"#,
        #"{"id":true,"text":"x","mode":"greedy","overflowWrap":"anywhere","hyphens":"auto","lineHeight":31.25}"#,
        #"{"id":false,"text":"","mode":"pretty","width":0.1,"size":12.345678901234}"#,
        #"{"text":"a","mode":"even","width":-0,"size":-0.0,"locale":"","direction":"auto","hyphens":"none"}"#,
        #"{"text":"a","width":123456789012345,"size":0.000000000000001,"id":999999999999999}"#,
        #"{"text":"a","width":9007199254740992,"size":0.1234567890123456,"lineHeight":1.000000000000001}"#,
        #"{"text":"a","lineBreak":"anywhere","wordBreak":"breakAll","overflowWrap":"breakWord","mode":"balance"}"#,
    ]

    @Test("the quick reader reads common requests exactly as the general reader does")
    func readsAsGeneral() throws {
        for line in Self.readable {
            let expected = try #require(general(line, defaults: defaults), "\(line)")
            let read = try #require(quick(line, defaults: defaults), "the quick reader gave way on \(line)")
            #expect(same(read, expected), "\(line)")
        }
    }

    @Test("the quick reader gives way on what it cannot read exactly, so the general path answers (errors included)")
    func givesWay() {
        let lines = [
            #"{"text":"say \"hi\""}"#, #"{"text":"a\u0062"}"#, #"{"text":"a","size":1e1}"#,
            #"{"text":"a","width":12345678901234567890}"#, #"{"text":"a","width":0.12345678901234567}"#,
            #"{"text":"a","features":["kern=0"]}"#, #"{"text":"a","text":"b"}"#, #"{"text":"a","widht":3}"#,
            #"{"text":"a","mode":"fast"}"#, #"{"text":"a","locale":"not a tag"}"#, #"{"text":"a",}"#,
            "\u{FEFF}{\"text\":\"a\"}", #"{"text":"a"} x"#, #"{"text":"a""#, #"{"id":1.5,"text":"a"}"#,
            #"{"id":[1],"text":"a"}"#, #"{"text":"a","size":"big"}"#, #"{"text":"a","size":01}"#,
            #"{"text":"a","size":-}"#, #"{"text":"a","size":1.}"#, #"{"size":3}"#, "[1]", "", #"{"text":null}"#,
            #"{"text":"a","lineHeight":null}"#, #"{"id":nul,"text":"a"}"#,
        ]
        for line in lines { #expect(quick(line, defaults: defaults) == nil, "\(line)") }
        // Bytes that are not UTF-8 inside the text.
        var bytes = Array(#"{"text":"a?b"}"#.utf8)
        bytes[10] = 0xC0
        #expect(bytes.withUnsafeBufferPointer { QuickRequestReader.read($0, defaults: defaults) } == nil)
        // Without defaults, a request must name font, size and width.
        #expect(quick(#"{"text":"a"}"#, defaults: BalanceDefaults()) == nil)
    }

    @Test("on 40,000 mutated requests, whatever the quick reader reads the general reader reads the same")
    func mutations() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let alphabet = Array(#"{}[]":,.-+eE0123456789 \tnultrfasxé字"#.utf8)
        var agreed = 0
        for round in 0..<40_000 {
            var bytes = Array(Self.readable[round % Self.readable.count].utf8)
            for _ in 0..<(1 + next(3)) {
                let position = next(bytes.count + 1)
                switch next(3) {
                case 0 where position < bytes.count: bytes.remove(at: position)
                case 1: bytes.insert(alphabet[next(alphabet.count)], at: position)
                default: bytes.insert(UInt8(truncatingIfNeeded: next(256)), at: position)
                }
            }
            guard let read = bytes.withUnsafeBufferPointer({ QuickRequestReader.read($0, defaults: defaults) }) else {
                continue
            }
            let line = String(decoding: bytes, as: UTF8.self)
            guard let expected = general(line, defaults: defaults), same(read, expected) else {
                Issue.record("the quick reader read \(bytes) unlike the general reader")
                continue
            }
            agreed += 1
        }
        // The mutations must leave many lines readable, or the test would show nothing.
        #expect(agreed > 1000)
    }

    @Test("a C call's options object reads as the request the general path builds from it")
    func options() throws {
        let fontDefaults = BalanceDefaults(font: "Inter-Bold", size: 28)
        for json in ["{}", #"{"mode":"greedy","locale":"de","hyphens":"auto"}"#, #"{ "lineHeight" : 40 }"#] {
            var copy = json
            let read = try #require(
                copy.withUTF8 {
                    QuickRequestReader.read(options: $0, text: "Hi there", width: 99.5, defaults: fontDefaults)
                })
            guard case .object(var members) = try JSONReader.parse(json) else {
                Issue.record("\(json) is not an object")
                continue
            }
            members.append(("text", .string("Hi there")))
            members.append(("width", .number(99.5, text: "")))
            let expected = try BalanceRequest(.object(members), defaults: fontDefaults)
            #expect(same((read, .null), (expected, .null)), "\(json)")
        }
        for json in [#"{"text":"x"}"#, #"{"width":3}"#, #"{"id":1}"#, #"{"font":"x"}"#, #"{"size":3}"#] {
            var copy = json
            #expect(
                copy.withUTF8 { QuickRequestReader.read(options: $0, text: "a", width: 1, defaults: fontDefaults) }
                    == nil)
        }
    }
}
