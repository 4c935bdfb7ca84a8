/** A valid, readable UUID for test rows: uuid(1) is 00000000-0000-4000-8000-000000000001. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`
