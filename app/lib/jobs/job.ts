// What a scheduled job is (the registry, ./scheduled.server.ts, lists them; each lives beside it).

export type ScheduledJob = {
  /** For the log line of a failure. */
  name: string;
  run(env: Env, now: Date): Promise<void>;
};
