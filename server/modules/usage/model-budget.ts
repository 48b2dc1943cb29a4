/**
 * Today's AI allowance (`KAI_DAILY_TOKEN_BUDGET`), one for every model call a user causes: chat
 * answers, help tips, invoice model-fill. A call reserves an estimate before it is made and
 * settles to what the model reports afterwards; once the day's count reaches the budget,
 * reservations are refused and no call is made. A budget of 0 means no limit: nothing is counted.
 */
import type { ModelBudgetRepository } from './model-budget.repository';

/** What a model call reports it spent: generateText's `totalUsage`. */
interface MeteredCall {
  totalUsage: { totalTokens: number | undefined };
}

interface ModelBudgetDeps {
  repository: Pick<ModelBudgetRepository, 'reserveTokens' | 'settleTokens'>;
  dailyTokenBudget: number;
}

export type ModelBudget = ReturnType<typeof createModelBudget>;

/** About four characters a token: what a call is reserved at before it reports its use. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

export function createModelBudget({ repository, dailyTokenBudget }: ModelBudgetDeps) {
  const limited = dailyTokenBudget > 0;

  /** False when today's budget is spent: the model must not be called. */
  const reserve = async (userId: string, tokens: number): Promise<boolean> => !limited || repository.reserveTokens(userId, tokens, dailyTokenBudget);

  /** Corrects today's count by `delta`: what the call spent minus what it reserved. */
  const settle = async (userId: string, delta: number): Promise<void> => {
    if (limited) await repository.settleTokens(userId, delta);
  };

  return {
    /** Whether calls are counted at all (a budget above 0). */
    limited,
    reserve,
    settle,

    /**
     * Makes `call` if today's budget has room, reserving `estimate` tokens and settling to the
     * tokens the model reports (the estimate when it reports none; none when the call fails).
     * Undefined: the budget is spent and the model was not called.
     */
    async metered<T extends MeteredCall>(userId: string, estimate: number, call: () => Promise<T>): Promise<T | undefined> {
      if (!(await reserve(userId, estimate))) return undefined;
      let result: T;
      try {
        result = await call();
      } catch (error) {
        await settle(userId, -estimate).catch(() => {}); // the call's own error is the one to report
        throw error;
      }
      await settle(userId, (result.totalUsage.totalTokens ?? estimate) - estimate);
      return result;
    },
  };
}
