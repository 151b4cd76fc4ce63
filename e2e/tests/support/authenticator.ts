import { expect } from '@playwright/test';
import { generate } from 'otplib';

const STEP_SECONDS = 30;
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);

/**
 * A test's authenticator app: computes codes from the key shown in Settings, and remembers the last time step it
 * gave, since the server refuses a code of a step already used (replay protection).
 */
export class Authenticator {
  private lastStep = 0;
  constructor(private readonly secret: string) {}

  /** A code of a step after the last one used: the current step, or the next (accepted as clock drift). */
  async nextCode(): Promise<string> {
    // Two codes in one 30-second step: the second waits until a later step is within the accepted window.
    await expect
      .poll(() => currentStep() + 1, { timeout: 40_000, message: 'a fresh time step' })
      .toBeGreaterThan(this.lastStep);
    const step = Math.max(currentStep(), this.lastStep + 1);
    this.lastStep = step;
    return generate({ secret: this.secret, epoch: step * STEP_SECONDS });
  }
}
