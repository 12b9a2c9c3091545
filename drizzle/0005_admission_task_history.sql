-- Each admission task keeps its changes (extension field `history`): the task update appends one
-- entry {status, status_reason, note, updated_by, at} in the statement that changes the task.
-- Tasks changed before keep [] (the dashboard then shows their current state). A constant
-- default: adding the column rewrites no rows.
ALTER TABLE "admission_tasks" ADD COLUMN "history" jsonb DEFAULT '[]'::jsonb NOT NULL;
