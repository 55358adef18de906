// Placeholder until the HowdyKit issue lands.
