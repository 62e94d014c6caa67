/**
 * The operators' command for messages, run with the server's settings (DATABASE_URL, or the
 * embedded database under DATA_DIR, which only one process may open: stop the server first).
 *
 *     npm run notify -- --all --title 标题 --content 内容         a system notice to every user
 *     npm run notify -- --user 13800138000 --title … --content …  to one user (id, phone or e-mail)
 *     npm run notify -- --reply 12 --content 内容                 reply to contact message 12
 */
import { readServerConfig } from "../config.js";
import { openDatabase, pgliteDirectory } from "../db/database.js";
import { migrateToLatest } from "../db/migrate.js";
import { runNotifyCommand, USAGE, UsageError } from "./command.js";

const config = readServerConfig(process.env);
const { db, close } = await openDatabase(
  config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", directory: pgliteDirectory(config.dataDir) },
);
try {
  await migrateToLatest(db);
  console.log(await runNotifyCommand(db, process.argv.slice(2)));
} catch (error) {
  // parseArgs throws a TypeError with a code for an unknown or malformed option.
  if (error instanceof UsageError || (error instanceof TypeError && "code" in error)) {
    console.error(`${error.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } else {
    console.error(error);
    process.exitCode = 1;
  }
} finally {
  await close();
}
