import Foundation
import HowdyCLI

StandardOutput.prepareProcessStreams()
exit(Howdy.main(Array(CommandLine.arguments.dropFirst())))
