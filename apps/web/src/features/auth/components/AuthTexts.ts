/** Login and sign-up texts (docs/product.md#login-and-sign-up). */
export const AUTH_TEXTS = {
  pageTitle: 'Login',
  pageDescription: 'Sign in to LinkPulse to access your URL shortening tools and analytics.',
  tagline: 'Professional URL shortening service',
  signIn: 'Sign In',
  createAccount: 'Create Account',
  busy: 'Please wait...',
  toSignUp: "Don't have an account? Sign up",
  toSignIn: 'Already have an account? Sign in',
  signUpNote: 'New users only see the default domain and their own custom domains when creating links.',
  passwordHint: 'At least 10 characters, and not a common password.',
  usernameHint: 'Letters, digits, dots, underscores and hyphens (3 to 32).',
} as const;
