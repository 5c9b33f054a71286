/**
 * A sealer for specs of code that keeps secrets sealed: it marks and reverses, so a spec can read
 * what is stored and see it is not the secret in clear (SecretBox has its own tests).
 */
export const reversingSealer = {
  seal: (plain: string) => `sealed:${[...plain].reverse().join('')}`,
  open: (sealed: string) => [...sealed.replace(/^sealed:/, '')].reverse().join(''),
};
