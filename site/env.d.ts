/// <reference types="astro/client" />
declare namespace App {
  interface Locals {
    ctx: import('../api/context').AppContext;
    user: import('../api/auth/session').SessionUser | null;
  }
}
