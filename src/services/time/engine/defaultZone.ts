/**
 * The zone a time is read in when the request names none (decisions §5). Its own module so that
 * code outside the engine (jobs, repositories, the batch CLI) can use it without loading the engine.
 */
export const DEFAULT_TIME_ZONE = 'America/New_York';
