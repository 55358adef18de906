import Foundation
import HowdyCLI

#if canImport(Glibc)
import Glibc

// A fixed mmap threshold (which also turns off glibc's sliding one): every buffer of 1 MiB
// or more — canvases, layers, PNG scanlines — is mapped on its own and handed back to the
// system when freed. With the sliding threshold, freed canvases raised it to their size and
// later ones came from the heap arenas, which keep what they hold: a render's resident
// memory grew with the canvases it had drawn, not the ones it was drawing.
// mallopt is declared in <malloc.h>, which the Glibc module does not bring in; it is looked
// up instead. M_MMAP_THRESHOLD is -3 there.
if let mallopt = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    _ = unsafeBitCast(mallopt, to: Mallopt.self)(-3, 1 << 20)
}
#endif

StandardOutput.prepareProcessStreams()
exit(Howdy.main(Array(CommandLine.arguments.dropFirst())))
