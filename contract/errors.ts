import { z } from 'zod';

/** Every error leaves the server in this shape. */
const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
