// Runs in: main. Time source handed to handlers, so tests can freeze it.
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
export const fixedClock = (ms: number): Clock & { set(ms: number): void; advance(ms: number): void } => {
  let t = ms;
  return { now: () => t, set: (v) => (t = v), advance: (d) => (t += d) };
};
