// Placeholder until the HowdyTesting issue lands.
