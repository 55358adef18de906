// Placeholder until the HowdyRender issue lands.
