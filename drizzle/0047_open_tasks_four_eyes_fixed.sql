-- Four eyes are fixed when a task is made (docs/decisions.md, "Four eyes"): the tasks waiting
-- when this runs (pending, on hold) take what their assignee's policy requires of them now, so
-- switching the policy off afterwards does not let them through with fewer approvals. Tasks
-- already decided keep 0 (nothing left to approve).
UPDATE "admission_tasks" t
SET "four_eyes_approvals" = CASE WHEN n."four_eyes_approvals" >= 2 THEN 2 ELSE 1 END,
  "four_eyes_keys_approve" = n."four_eyes_keys_approve"
FROM "namespaces" n, "payments" p
WHERE n."id" = t."partner_id" AND p."id" = t."payment_pk" AND t."status" IN (1, 4)
  AND n."four_eyes_threshold" IS NOT NULL
  AND (t."name" = 'compliance_review' OR p."amount_minor" >= n."four_eyes_threshold");
