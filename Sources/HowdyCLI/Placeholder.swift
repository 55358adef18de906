// Placeholder until the HowdyCLI issue lands.
