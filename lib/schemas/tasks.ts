import { z } from '@hono/zod-openapi';
import { REASONS } from '@/lib/domain/reasons';
import { PAYMENT_STATUS_NAMES, TASK, type TaskStatusName } from '@/lib/domain/statuses';
import { amountSchema, taskSchema } from './payments';
import { pageQuery, pageInfo } from './common';

const taskStatusSchema = z.enum(Object.keys(TASK) as [TaskStatusName], {
  error: 'status must be pending, completed, failed or on_hold',
});

export const updateAdmissionTaskBody = z.object({
  status: taskStatusSchema,
  status_reason: z.enum(REASONS, { error: `status_reason must be one of ${REASONS.join(', ')}` }),
  note: z.string().max(1000).optional(),
});

export type UpdateAdmissionTaskBody = z.output<typeof updateAdmissionTaskBody>;

export const addTaskNoteBody = z.object({
  note: z
    .string()
    .trim()
    .min(1, 'note is required')
    .max(1000)
    .openapi({ description: 'What was done or learned, e.g. "Called the customer: documents by Friday"' }),
});

export type AddTaskNoteBody = z.output<typeof addTaskNoteBody>;

export const updateAdmissionTaskParams = z.object({
  payment_id: z.string().max(128),
  admission_id: z.string().max(64),
  task_id: z.string().max(64),
});

export const taskParams = z.object({ task_id: z.string().max(64) });

export const claimTaskBody = z.object({
  take_over: z
    .boolean()
    .optional()
    .openapi({ description: "Take the task over from a colleague's live claim (audited)" }),
});

export const listTasksQuery = z.object({
  status: taskStatusSchema.optional(),
  name: z.string().max(64).optional(),
  ...pageQuery,
});

export type ListTasksQuery = z.output<typeof listTasksQuery>;

export const exportTasksQuery = listTasksQuery.pick({ status: true, name: true, order: true });

export const listTasksResponse = z.object({
  count: z.number().int(),
  ...pageInfo,
  tasks: z.array(
    taskSchema.extend({
      amount: amountSchema,
      submission_status: z.number().int(),
      submission_status_name: z.enum(PAYMENT_STATUS_NAMES),
      approvals_required: z.number().int().openapi({
        description:
          "Four eyes: the distinct approvals (by someone other than the payment's maker) completing this task needs: what the namespace's policy required when the task was made, or its policy now where that is stricter (a weakened policy applies to tasks made after it). 0 (not covered: anyone decides), 1 or 2",
      }),
      approval_refusal: z.string().nullable().openapi({
        description:
          "Four eyes: why completing this task would be refused to the caller (its maker, a maker's key, or its first approver), as the update would answer it; null when the caller may",
      }),
      claimed_by_you: z.boolean().openapi({ description: "The live claim of the task is the caller's" }),
    }),
  ),
});

export type ListTasksResponse = z.infer<typeof listTasksResponse>;
