/** Where services read the time; tests inject a movable clock. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
