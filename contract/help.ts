import { z } from 'zod';

/** Categories of help articles (spec part 1, section 3). */
export const helpCategory = z.enum(['chat', 'files', 'invoice', 'context', 'general']);
export type HelpCategory = z.infer<typeof helpCategory>;

/** GET /api/help/articles: the built-in help articles, content in Markdown. */
const helpArticle = z.object({
  id: z.string(),
  title: z.string(),
  content: z.string(),
  category: helpCategory,
  type: z.literal('static'),
});
export type HelpArticle = z.infer<typeof helpArticle>;
export const helpArticlesResponse = z.array(helpArticle);

const MAX_TIP_CONTEXT_LENGTH = 200;
const MAX_TIP_ELEMENT_LENGTH = 100;
export const MAX_TIP_LENGTH = 400;

/** POST /api/help/tip: a short tip about one control (`element`) in one part of the screen (`context`). */
export const helpTipInput = z.strictObject({
  context: z.string().trim().min(1, 'A context is required').max(MAX_TIP_CONTEXT_LENGTH, 'The context is too long'),
  element: z.string().trim().min(1, 'An element is required').max(MAX_TIP_ELEMENT_LENGTH, 'The element is too long'),
});
export type HelpTipInput = z.infer<typeof helpTipInput>;
export const helpTipResponse = z.object({ tip: z.string() });
