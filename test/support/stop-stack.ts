export async function stopStack(): Promise<void> {
  const stops = (globalThis as { flowgateTestStops?: Array<() => Promise<void>> }).flowgateTestStops ?? [];
  await Promise.all(stops.map((stop) => stop()));
}
