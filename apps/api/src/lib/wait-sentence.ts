/** "45 seconds", "1 minute", "15 minutes": how long to wait, in words a person reads at a glance. */
export function waitDuration(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds))
  if (whole < 90) return whole === 1 ? '1 second' : `${whole} seconds`
  const minutes = Math.ceil(whole / 60)
  return `${minutes} minutes`
}

/** The sentence every 429 ends with. */
export const retrySentence = (seconds: number) => `Please wait ${waitDuration(seconds)} and try again.`
