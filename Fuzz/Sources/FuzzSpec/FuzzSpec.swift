import Foundation
import FuzzDriver
import HowdyKit
import HowdyKitUI

/// libFuzzer entry: any bytes as a flow spec. Decoding must return a document or throw a
/// `SpecError`; a trap, a leak or a memory error is a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    do {
        let document = try FlowDocument.decode(data)
        // What the CLI does next with a valid spec: plan its render matrix.
        _ = document.matrix.devices.count
    } catch {
        _ = error.description
    }
    return 0
}
