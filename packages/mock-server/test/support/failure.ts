/** What an SDK call that failed with an API error looks like to a test. */
export type Failure = Error & {
  code?: string;
  status?: number;
  details?: { path: string; message: string }[];
};

/** The error a call fails with; fails the test if the call succeeds. */
export async function rejection(promise: Promise<unknown>): Promise<Failure> {
  try {
    await promise;
  } catch (error) {
    return error as Failure;
  }
  throw new Error('expected the call to fail');
}

/** The field paths of a validation error's details. */
export const paths = (error: Failure) => error.details!.map((d) => d.path);
