import Foundation
import HowdyCLI

exit(Howdy.main(Array(CommandLine.arguments.dropFirst())))
