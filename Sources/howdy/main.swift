import HowdyCLI

