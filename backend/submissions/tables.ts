import type { ColumnType, Generated, Kysely } from "kysely";
import type { Database } from "../db/schema.js";

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface SubmissionTicketTable {
  ticket_hash: string;
  created_at: Timestamp;
  /** Set while a save checks the ticket's files (migration 340-submission-claims). */
  claimed_at: Timestamp | null;
}

export interface SubmissionTable {
  id: Generated<number>;
  ticket_hash: string;
  title: string;
  kind: string;
  description: string;
  contact: string;
  user_id: number | null;
  ip: string | null;
  user_agent: string | null;
  status: Generated<string>;
  created_at: Timestamp;
}

export interface SubmissionUploadTable {
  key: string;
  ticket_hash: string;
  file_name: string;
  content_type: string;
  max_size: number;
  size: number | null;
  expires_at: Timestamp;
  uploaded_at: Timestamp | null;
  submission_id: number | null;
  created_at: Timestamp;
}

/** The submission module's tables (migrations 320-submissions, 340-submission-claims). */
export type SubmissionTables = {
  submission_ticket: SubmissionTicketTable;
  submission: SubmissionTable;
  submission_upload: SubmissionUploadTable;
};

export type SubmissionDb = Kysely<Database & SubmissionTables>;

export function submissionDb(db: Kysely<Database>): SubmissionDb {
  return db.withTables<SubmissionTables>();
}
