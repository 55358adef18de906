// Placeholder until the HowdyKitUI issue lands.
