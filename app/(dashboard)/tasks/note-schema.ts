/** The task note form's checks, fetched after the page by `lazyResolver` (lib/client/lazy-resolver.ts). */
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { text } from '@/lib/client/form-fields';

/** The longest note the gateway keeps (addTaskNoteBody, lib/schemas/tasks.ts). */
const MAX_NOTE = 1000;

// The gateway's limits for a note (addTaskNoteBody, lib/schemas/tasks.ts): trimmed, 1 to 1000 characters.
const noteSchema = z.object({ note: text('Write the note first', MAX_NOTE) });
export type NoteValues = z.infer<typeof noteSchema>;

export const noteResolver = zodResolver(noteSchema);
