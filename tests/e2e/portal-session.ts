/**
 * cliente1 signed in on its portal, on a server of its own whose mail (SMTP_URL) goes to an in-process
 * mailbox the test reads: how the portal files that follow a mail (an invitation, a signing code) start.
 * The journey guard watches the page (axe, console errors, refused requests, Italian only).
 */
import { startMailbox, type Mailbox } from '../support/mailbox.ts';
import { DEMO, signedInSession, type SignedInSession } from './harness.ts';
import { guardJourney, type JourneyGuard } from './journeys/guard.ts';

export interface PortalSession {
  mailbox: Mailbox;
  session: SignedInSession;
  guard: JourneyGuard;
  close(): Promise<void>;
}

export async function portalSessionWithMailbox(): Promise<PortalSession> {
  const mailbox = await startMailbox();
  let session: SignedInSession | undefined;
  try {
    session = await signedInSession({ email: DEMO.customer1, server: { env: { SMTP_URL: mailbox.url } } });
    const guard = guardJourney(session.page);
    await session.page.locator('.portal-app').waitFor({ state: 'visible', timeout: 30_000 });
    return {
      mailbox, session, guard,
      async close() {
        await session?.close();
        await mailbox.close();
      },
    };
  } catch (error) {
    // The portal never showed: nothing of the start is left running.
    await session?.close();
    await mailbox.close();
    throw error;
  }
}
