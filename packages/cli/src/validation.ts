import type { z } from 'zod';

/** A zod issue in words: "required" for a missing field rather than zod's "received undefined". */
export function issueText(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message))
    return `required (${issue.expected})`;
  return issue.message;
}
