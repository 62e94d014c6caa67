declare module "dumb-passwords" {
  /** True when the password (compared lower-cased) is among the 10 000 most common ones. */
  export function check(password: string): boolean;
}
