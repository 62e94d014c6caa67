export const INCOMING_PREFIX = "submissions/incoming/";
/** Where a browser's presigned PUT lands, before the submission has checked it. */
export const incomingKey = (key: string) => `${INCOMING_PREFIX}${key}`;
/** Where a checked upload is kept in a bucket, whether it came through the backend or straight to the bucket. */
export const storedKey = (key: string) => `submissions/${key}`;
