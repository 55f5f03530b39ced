/** Texts of the hosted sign-in pages. Estonian is the default; English follows ui_locales or the switch. */
export type IdentityLanguage = 'et' | 'en';

const en = {
  'lang.et': 'Eesti',
  'lang.en': 'English',
  'lang.label': 'Language',
  'app.name': 'Lepinguturg',
  'app.tagline': 'legal templates',
  'app.homeLink': 'Lepinguturg – home page',
  'link.backToShop': 'Back to the shop',
  'link.skipToContent': 'Skip to content',
  'tab.signIn': 'Sign In',
  'tab.signUp': 'Create Account',
  'title.signIn': 'Sign in',
  'title.signUp': 'Create account',
  'title.confirmSignUp': 'We Emailed You',
  'title.forgotPassword': 'Reset Password',
  'title.resetPassword': 'Reset Password',
  'title.chooseMfa': 'Choose a second factor',
  'title.mfaTotp': 'Confirm TOTP Code',
  'title.mfaEmail': 'Confirm Email Code',
  'title.offerMfa': 'Protect your account',
  'title.setupTotp': 'Set up an authenticator app',
  'title.setupEmail': 'Set up e-mail codes',
  'title.newPassword': 'Change Password',
  'title.unlock': "Confirm it's you",
  'title.logout': 'Sign out',
  'title.loggedOut': 'Signed out',
  'title.error': 'Something went wrong',
  'label.email': 'Email',
  'label.password': 'Password',
  'label.confirmPassword': 'Confirm Password',
  'label.newPassword': 'New Password',
  'label.code': 'Code',
  'label.secret': 'Secret key',
  'placeholder.email': 'Enter your Email',
  'placeholder.password': 'Enter your Password',
  'placeholder.confirmPassword': 'Please confirm your Password',
  'placeholder.code': 'Enter your code',
  'button.signIn': 'Sign in',
  'button.createAccount': 'Create Account',
  'button.confirm': 'Confirm',
  'button.resend': 'Resend Code',
  'button.sendCode': 'Send code',
  'button.submit': 'Submit',
  'button.skip': 'Skip',
  'button.continue': 'Continue',
  'button.changePassword': 'Change Password',
  'button.showPassword': 'Show password',
  'button.hidePassword': 'Hide password',
  'button.copy': 'Copy key',
  'button.copied': 'Copied',
  'button.dismiss': 'Dismiss alert',
  'button.logoutYes': 'Yes, sign me out',
  'button.logoutNo': 'No, stay signed in',
  'link.forgotPassword': 'Forgot your password?',
  'link.backToSignIn': 'Back to Sign In',
  'mfa.totp': 'Authenticator App (TOTP)',
  'mfa.email': 'Email',
  'text.confirmSignUp':
    'Your code is on the way. To log in, enter the code we emailed to {destination}. It may take a minute to arrive.',
  'text.forgotPassword': 'Enter your e-mail address and we will send you a code to reset your password.',
  'text.resetPassword':
    'If an account exists for {destination}, we sent a code there. Enter it and choose a new password.',
  'text.chooseMfa': 'How do you want to confirm that it is you?',
  'text.mfaTotp': 'Enter the 6-digit code from your authenticator app.',
  'text.mfaEmail': 'We sent a 6-digit code to {destination}. Enter it to sign in.',
  'text.offerMfa':
    'Add a second step to your sign-in: a code from an authenticator app or a code sent by e-mail. You can skip this.',
  'text.setupTotp':
    'Scan the QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, …), or enter the secret key by hand. Then enter the 6-digit code the app shows.',
  'text.setupEmail': 'We sent a 6-digit code to {destination}. Enter it to turn on e-mail codes.',
  'text.newPassword': 'You must choose a new password before you continue.',
  'text.unlock':
    'Someone has failed to sign in with this address several times, so this sign-in also needs a code sent by e-mail. If the e-mail address and password were right, the code is on its way to {destination}.',
  'text.logout': 'Do you want to sign out of Lepinguturg?',
  'text.loggedOut': 'You have been signed out.',
  'text.error': 'The sign-in could not be completed. Go back to the site and try again.',
  'text.qrAlt': 'QR code for the authenticator app',
  'notice.codeSent': 'We sent a code to {destination}.',
  'notice.accountConfirmed': 'Your account is confirmed. Sign in with your e-mail and password.',
  'notice.passwordChanged': 'Your password has been changed. Sign in with the new password.',
  'notice.alreadyConfirmed': 'User is already confirmed.',
  'error.required': 'Please fill in this field.',
  'error.emailInvalid': 'Invalid e-mail',
  'error.incorrect': 'Incorrect username or password.',
  'error.attemptLimit': 'Attempt limit exceeded, please try after some time.',
  'error.tooManyAttempts': 'Too many sign-in attempts from your network. Try again in {wait}.',
  'error.tooManyMails': 'Too many e-mails were asked for. Try again in {wait}.',
  'error.totpWait': 'Too many wrong codes. Try again in {wait}.',
  'error.codeInvalid': 'Invalid verification code provided, please try again.',
  'error.codeExpired': 'Invalid code provided, please request a code again.',
  'error.mfaCode': 'Invalid code or auth state for the user.',
  'error.sessionExpired': 'Your sign-in session has expired. Go back to the site and sign in again.',
  'error.signUpDisabled': 'Creating accounts is not available.',
  'error.PASSWORD_TOO_SHORT': 'Password must have at least 8 characters',
  'error.PASSWORD_NO_LOWER': 'Password must have lower case letters',
  'error.PASSWORD_NO_UPPER': 'Password must have upper case letters',
  'error.PASSWORD_NO_NUMBER': 'Password must have numbers',
  'error.PASSWORD_NO_SPECIAL': 'Password must have special characters',
  'error.PASSWORD_COMMON': 'This password is too common. Choose one that is harder to guess.',
  'error.PASSWORD_CONTAINS_EMAIL': 'The password must not contain your e-mail address.',
  'error.passwordsMustMatch': 'Your passwords must match',
  'wait.second': '1 second',
  'wait.seconds': '{n} seconds',
  'wait.minutes': '{n} minutes',
  'wait.minute': '1 minute',
  'mail.confirmSignUp.subject': 'Your Lepinguturg verification code',
  'mail.confirmSignUp.text': 'Your verification code is {code}. It is valid for 24 hours.',
  'mail.resetPassword.subject': 'Reset your Lepinguturg password',
  'mail.resetPassword.text':
    'Your password reset code is {code}. It is valid for 1 hour. If you did not ask for it, ignore this e-mail.',
  'mail.mfaEmail.subject': 'Your Lepinguturg sign-in code',
  'mail.mfaEmail.text': 'Your sign-in code is {code}. It is valid for 10 minutes.',
  'mail.unlock.subject': 'Your Lepinguturg sign-in code',
  'mail.unlock.text':
    'Someone signed in with your password after several failed attempts. To finish signing in, enter the code {code} (valid for 15 minutes). If this was not you, change your password: choose "Forgot your password?" on the sign-in page.',
  'mail.accountExists.subject': 'You already have a Lepinguturg account',
  'mail.accountExists.text':
    'Someone (we hope you) tried to create a Lepinguturg account with this e-mail address, but the address already has one. To sign in, use your password; if you have forgotten it, choose "Forgot your password?" on the sign-in page. If it was not you, you can ignore this e-mail.',
  'mail.totpFailures.subject': 'Wrong authenticator codes on your Lepinguturg account',
  'mail.totpFailures.text':
    'Someone entered your password and then several wrong authenticator codes. If this was not you, change your password now: choose "Forgot your password?" on the sign-in page.',
} as const;

export type MessageKey = keyof typeof en;

const et: Record<MessageKey, string> = {
  'lang.et': 'Eesti',
  'lang.en': 'English',
  'lang.label': 'Keel',
  'app.name': 'Lepinguturg',
  'app.tagline': 'dokumendipõhjad',
  'app.homeLink': 'Lepinguturg – avaleht',
  'link.backToShop': 'Tagasi poodi',
  'link.skipToContent': 'Liigu sisu juurde',
  'tab.signIn': 'Logi sisse',
  'tab.signUp': 'Loo konto',
  'title.signIn': 'Logi sisse',
  'title.signUp': 'Loo konto',
  'title.confirmSignUp': 'Saatsime sulle e-kirja',
  'title.forgotPassword': 'Parooli lähtestamine',
  'title.resetPassword': 'Parooli lähtestamine',
  'title.chooseMfa': 'Vali teine tegur',
  'title.mfaTotp': 'Sisesta autentimisrakenduse kood',
  'title.mfaEmail': 'Sisesta e-posti kood',
  'title.offerMfa': 'Kaitse oma kontot',
  'title.setupTotp': 'Autentimisrakenduse seadistamine',
  'title.setupEmail': 'E-posti koodide seadistamine',
  'title.newPassword': 'Muuda parooli',
  'title.unlock': 'Kinnita, et see oled sina',
  'title.logout': 'Logi välja',
  'title.loggedOut': 'Välja logitud',
  'title.error': 'Midagi läks valesti',
  'label.email': 'E-post',
  'label.password': 'Parool',
  'label.confirmPassword': 'Kinnita parool',
  'label.newPassword': 'Uus parool',
  'label.code': 'Kood',
  'label.secret': 'Salajane võti',
  'placeholder.email': 'Sisesta oma e-posti aadress',
  'placeholder.password': 'Sisesta oma parool',
  'placeholder.confirmPassword': 'Kinnita oma parool',
  'placeholder.code': 'Sisesta kood',
  'button.signIn': 'Logi sisse',
  'button.createAccount': 'Loo konto',
  'button.confirm': 'Kinnita',
  'button.resend': 'Saada kood uuesti',
  'button.sendCode': 'Saada kood',
  'button.submit': 'Saada',
  'button.skip': 'Jäta vahele',
  'button.continue': 'Jätka',
  'button.changePassword': 'Muuda parooli',
  'button.showPassword': 'Näita parooli',
  'button.hidePassword': 'Peida parool',
  'button.copy': 'Kopeeri võti',
  'button.copied': 'Kopeeritud',
  'button.dismiss': 'Sulge teade',
  'button.logoutYes': 'Jah, logi mind välja',
  'button.logoutNo': 'Ei, jään sisse logituks',
  'link.forgotPassword': 'Unustasid parooli?',
  'link.backToSignIn': 'Tagasi sisselogimise juurde',
  'mfa.totp': 'Autentimisrakendus (TOTP)',
  'mfa.email': 'E-post',
  'text.confirmSignUp':
    'Kood on teel. Sisselogimiseks sisesta kood, mille saatsime aadressile {destination}. Selle saabumine võib võtta minuti.',
  'text.forgotPassword': 'Sisesta oma e-posti aadress ja me saadame sulle parooli lähtestamise koodi.',
  'text.resetPassword':
    'Kui aadressiga {destination} konto on olemas, saatsime sinna koodi. Sisesta see ja vali uus parool.',
  'text.chooseMfa': 'Kuidas soovid kinnitada, et see oled sina?',
  'text.mfaTotp': 'Sisesta autentimisrakenduse näidatud 6-kohaline kood.',
  'text.mfaEmail': 'Saatsime 6-kohalise koodi aadressile {destination}. Sisselogimiseks sisesta see.',
  'text.offerMfa':
    'Lisa sisselogimisele teine samm: autentimisrakenduse kood või e-postiga saadetud kood. Selle võid ka vahele jätta.',
  'text.setupTotp':
    'Skanni QR-kood oma autentimisrakendusega (Google Authenticator, Microsoft Authenticator, …) või sisesta salajane võti käsitsi. Seejärel sisesta rakenduse näidatud 6-kohaline kood.',
  'text.setupEmail':
    'Saatsime 6-kohalise koodi aadressile {destination}. E-posti koodide sisselülitamiseks sisesta see.',
  'text.newPassword': 'Enne jätkamist pead valima uue parooli.',
  'text.unlock':
    'Selle aadressiga on mitu korda valesti sisse logitud, seepärast on sellel sisselogimisel vaja ka e-postiga saadetud koodi. Kui e-posti aadress ja parool olid õiged, on kood teel aadressile {destination}.',
  'text.logout': 'Kas soovid Lepinguturult välja logida?',
  'text.loggedOut': 'Oled välja logitud.',
  'text.error': 'Sisselogimist ei õnnestunud lõpetada. Mine tagasi lehele ja proovi uuesti.',
  'text.qrAlt': 'Autentimisrakenduse QR-kood',
  'notice.codeSent': 'Saatsime koodi aadressile {destination}.',
  'notice.accountConfirmed': 'Sinu konto on kinnitatud. Logi sisse oma e-posti ja parooliga.',
  'notice.passwordChanged': 'Sinu parool on muudetud. Logi sisse uue parooliga.',
  'notice.alreadyConfirmed': 'Kasutaja on juba kinnitatud.',
  'error.required': 'Palun täida see väli.',
  'error.emailInvalid': 'Vigane e-posti aadress',
  'error.incorrect': 'Vale kasutajanimi või parool.',
  'error.attemptLimit': 'Katsete limiit on ületatud, palun proovi mõne aja pärast uuesti.',
  'error.tooManyAttempts':
    'Sinu võrgust on tulnud liiga palju sisselogimiskatseid. Proovi uuesti {wait} pärast.',
  'error.tooManyMails': 'E-kirju on küsitud liiga palju. Proovi uuesti {wait} pärast.',
  'error.totpWait': 'Liiga palju valesid koode. Proovi uuesti {wait} pärast.',
  'error.codeInvalid': 'Vale kinnituskood, palun proovi uuesti.',
  'error.codeExpired': 'Kood ei kehti enam, palun küsi uus kood.',
  'error.mfaCode': 'Vale kood või sisselogimise olek.',
  'error.sessionExpired': 'Sisselogimise seanss on aegunud. Mine tagasi lehele ja logi uuesti sisse.',
  'error.signUpDisabled': 'Kontode loomine ei ole saadaval.',
  'error.PASSWORD_TOO_SHORT': 'Parool peab sisaldama vähemalt 8 tähemärki',
  'error.PASSWORD_NO_LOWER': 'Parool peab sisaldama väiketähti',
  'error.PASSWORD_NO_UPPER': 'Parool peab sisaldama suurtähti',
  'error.PASSWORD_NO_NUMBER': 'Parool peab sisaldama numbreid',
  'error.PASSWORD_NO_SPECIAL': 'Parool peab sisaldama erimärke',
  'error.PASSWORD_COMMON': 'See parool on liiga levinud. Vali parool, mida on raskem ära arvata.',
  'error.PASSWORD_CONTAINS_EMAIL': 'Parool ei tohi sisaldada sinu e-posti aadressi.',
  'error.passwordsMustMatch': 'Paroolid peavad ühtima',
  'wait.second': '1 sekundi',
  'wait.seconds': '{n} sekundi',
  'wait.minutes': '{n} minuti',
  'wait.minute': '1 minuti',
  'mail.confirmSignUp.subject': 'Sinu Lepinguturu kinnituskood',
  'mail.confirmSignUp.text': 'Sinu kinnituskood on {code}. See kehtib 24 tundi.',
  'mail.resetPassword.subject': 'Lepinguturu parooli lähtestamine',
  'mail.resetPassword.text':
    'Sinu parooli lähtestamise kood on {code}. See kehtib 1 tund. Kui sa seda ei küsinud, jäta see kiri tähelepanuta.',
  'mail.mfaEmail.subject': 'Sinu Lepinguturu sisselogimiskood',
  'mail.mfaEmail.text': 'Sinu sisselogimiskood on {code}. See kehtib 10 minutit.',
  'mail.unlock.subject': 'Sinu Lepinguturu sisselogimiskood',
  'mail.unlock.text':
    'Keegi logis pärast mitut ebaõnnestunud katset sinu parooliga sisse. Sisselogimise lõpetamiseks sisesta kood {code} (kehtib 15 minutit). Kui see polnud sina, muuda oma parool: vali sisselogimise lehel „Unustasid parooli?“.',
  'mail.accountExists.subject': 'Sul on Lepinguturul juba konto',
  'mail.accountExists.text':
    'Keegi (loodetavasti sina) proovis luua selle e-posti aadressiga Lepinguturu kontot, kuid sellel aadressil on konto juba olemas. Sisselogimiseks kasuta oma parooli; kui oled selle unustanud, vali sisselogimise lehel „Unustasid parooli?“. Kui see polnud sina, võid selle kirja tähelepanuta jätta.',
  'mail.totpFailures.subject': 'Sinu Lepinguturu kontol sisestati valesid autentimiskoode',
  'mail.totpFailures.text':
    'Keegi sisestas sinu parooli ja seejärel mitu valet autentimisrakenduse koodi. Kui see polnud sina, muuda kohe oma parool: vali sisselogimise lehel „Unustasid parooli?“.',
};

const catalogue: Readonly<Record<IdentityLanguage, Readonly<Record<MessageKey, string>>>> = { en, et };

/** The text of `key` in `lang`, with `{name}` placeholders filled in (values are not escaped here). */
export function translate(
  lang: IdentityLanguage,
  key: MessageKey,
  values: Readonly<Record<string, string>> = {},
): string {
  return catalogue[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A wait as people say it: "30 seconds" / "30 sekundi" (for "in …" / "… pärast"), rounded up. */
export function formatWait(lang: IdentityLanguage, ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds === 1) return translate(lang, 'wait.second');
  if (seconds < 60) return translate(lang, 'wait.seconds', { n: String(seconds) });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1
    ? translate(lang, 'wait.minute')
    : translate(lang, 'wait.minutes', { n: String(minutes) });
}

/** The first supported language of a ui_locales / Accept-Language style list; Estonian otherwise. */
export function pickLanguage(preference: unknown): IdentityLanguage {
  if (typeof preference !== 'string') return 'et';
  for (const tag of preference.split(/[\s,]+/)) {
    const base = tag.split(/[-_;]/)[0]?.toLowerCase();
    if (base === 'et' || base === 'en') return base;
  }
  return 'et';
}
