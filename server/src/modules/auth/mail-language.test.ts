import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_TEXTS } from '@kesh/shared';
import { bearer, startTestApp, type TestContext } from '../../test/harness.js';
import { User } from '../users/user.model.js';

/** The exact subjects of the account mails in each store language (the shop's name before them). */
const SUBJECTS = {
  en: { confirm: ': confirm your e-mail address', reset: ': your password reset code' },
  hi: { confirm: ': अपने ई-मेल पते की पुष्टि करें', reset: ': आपका पासवर्ड रीसेट कोड' },
  mr: { confirm: ': तुमचा ई-मेल पत्ता निश्चित करा', reset: ': तुमचा पासवर्ड रीसेट कोड' },
  gu: { confirm: ': તમારું ઈ-મેલ સરનામું ચકાસો', reset: ': તમારો પાસવર્ડ રીસેટ કોડ' },
} as const;
type Language = keyof typeof SUBJECTS;

/**
 * Issue 27: the confirmation code, and the other mails about the account, reach the shopper in the
 * store language they chose (the client sends it as Accept-Language), not only in English.
 */
describe('account mails in the shopper’s language', () => {
  let ctx: TestContext;
  let shop: string;
  let seq = 0;

  beforeAll(async () => {
    ctx = await startTestApp();
    shop = ctx.config.shop.name;
  });
  afterAll(() => ctx.close());

  const mailsTo = (email: string) => ctx.deps.mailer.outbox.filter((m) => m.to === email);
  const codeIn = (text: string) => /(\d{6})/.exec(text)![1]!;
  async function signUp(language?: string) {
    seq += 1;
    const email = `lang${seq}@example.com`;
    const res = await ctx.http
      .post('/api/auth/signup')
      .set(language ? { 'Accept-Language': language } : {})
      .send({ username: `Meera ${seq}`, email, contact: '9876543210', password: 'correct-horse' });
    expect(res.status).toBe(201);
    return { email, token: res.body.token as string, userId: res.body.userId as string };
  }
  async function lastMailTo(email: string, count: number) {
    await expect.poll(() => mailsTo(email).length).toBe(count);
    return mailsTo(email).at(-1)!;
  }

  it.each(Object.keys(SUBJECTS) as Language[])(
    'mails the sign-up code in %s, and the code confirms the address',
    async (language) => {
      const shopper = await signUp(language);
      const mail = await lastMailTo(shopper.email, 1);
      expect(mail.subject).toBe(shop + SUBJECTS[language].confirm);
      expect(mail.text).toContain(`Meera ${seq}`);
      const confirmed = await ctx.http
        .post('/api/auth/verify-email')
        .set(bearer(shopper.token))
        .send({ otp: codeIn(mail.text) });
      expect(confirmed.body).toEqual({ message: VERIFY_TEXTS.emailVerified, emailVerified: true });
      expect((await User.findById(shopper.userId).lean())?.language).toBe(language);
    },
  );

  it("takes the browser's own Accept-Language (hi-IN, q-values), and English when it names none of ours", async () => {
    const hindi = await signUp('fr-FR,hi-IN;q=0.9,en;q=0.5');
    expect((await lastMailTo(hindi.email, 1)).subject).toBe(shop + SUBJECTS.hi.confirm);
    const none = await signUp('fr-FR');
    expect((await lastMailTo(none.email, 1)).subject).toBe(shop + SUBJECTS.en.confirm);
    expect((await User.findById(none.userId).lean())?.language).toBeUndefined();
  });

  it('a new code comes in the language the shopper asks in now, which the account keeps', async () => {
    const shopper = await signUp('en');
    await lastMailTo(shopper.email, 1);
    const resent = await ctx.http
      .post('/api/auth/verify-email/resend')
      .set({ ...bearer(shopper.token), 'Accept-Language': 'gu' })
      .send({});
    expect(resent.body).toEqual({ message: VERIFY_TEXTS.codeSent, emailVerified: false });
    expect((await lastMailTo(shopper.email, 2)).subject).toBe(shop + SUBJECTS.gu.confirm);
    expect((await User.findById(shopper.userId).lean())?.language).toBe('gu');
  });

  it("writes the password reset code in the account's language, else the request's", async () => {
    const marathi = await signUp('mr');
    await lastMailTo(marathi.email, 1);
    await ctx.http
      .post('/api/auth/forgot-password')
      .set('Accept-Language', 'hi')
      .send({ email: marathi.email })
      .expect(200);
    const reset = await lastMailTo(marathi.email, 2);
    expect(reset.subject).toBe(shop + SUBJECTS.mr.reset);

    // Signed up without naming a language, like the accounts from before languages were kept.
    const older = await signUp();
    await lastMailTo(older.email, 1);
    await ctx.http
      .post('/api/auth/forgot-password')
      .set('Accept-Language', 'gu')
      .send({ email: older.email })
      .expect(200);
    expect((await lastMailTo(older.email, 2)).subject).toBe(shop + SUBJECTS.gu.reset);
    await ctx.http.post('/api/auth/forgot-password').send({ email: older.email }).expect(200);
    expect((await lastMailTo(older.email, 3)).subject).toBe(shop + SUBJECTS.en.reset);
  });
});
