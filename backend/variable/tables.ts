import type { ColumnType, Kysely } from "kysely";
import type { VariableCategory } from "../../contract/variable.js";
import type { Database } from "../db/schema.js";

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface VariableFontTable {
  gno: string;
  sort: number;
  package_name: string;
  family_name: string;
  name_zh: string;
  description: string;
  category: VariableCategory;
  featured: boolean;
  sample_text: string;
  codepoint_count: number;
  version: string | null;
  copyright: string | null;
  designer: string | null;
  license_code: string;
  license_name: string;
  license_url: string | null;
  commercial_use: boolean;
  commercial_label: string;
  license_source: string;
  created_at: CreatedAt;
}

export interface VariableFontAxisTable {
  font_gno: string;
  position: number;
  tag: string;
  name: string;
  min_value: number;
  default_value: number;
  max_value: number;
  hidden: boolean;
}

export interface VariableFontInstanceTable {
  font_gno: string;
  position: number;
  name: string;
  /** JSON object: axis tag → value. */
  coordinates: string;
}

export interface VariableFontSliceTable {
  font_gno: string;
  position: number;
  slice_key: string;
  woff2_location: string;
  /** `first-last` hexadecimal pairs joined by commas. */
  codepoint_ranges: string;
}

/** The variable font module's tables (migration 330-variable-fonts), reached with `db.withTables<VariableTables>()`. */
export type VariableTables = {
  variable_font: VariableFontTable;
  variable_font_axis: VariableFontAxisTable;
  variable_font_instance: VariableFontInstanceTable;
  variable_font_slice: VariableFontSliceTable;
};

export type VariableDb = Kysely<VariableTables>;

export function variableDb(db: Kysely<Database>): VariableDb {
  return db.withTables<VariableTables>() as unknown as VariableDb;
}
