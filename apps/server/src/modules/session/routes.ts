import {
  ChangePasswordBody,
  CodeDelivery,
  ConfirmResetBody,
  EmailBody,
  LogOutBody,
  LoginResult,
  PinBody,
  PinField,
  RefreshBody,
  SigninBody,
  SignupPasswordBody,
  SignupStartBody,
  SignupValidateBody,
  StatusByEmail,
  answer,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { accountLimit } from '../../platform/rate-limit';
import { ok } from '../../platform/reply';
import { validatePin } from '../security';
import { REFRESH_PER_SESSION, clearRefreshCookie, presentedRefreshToken, refreshBudgetKey, setRefreshCookie } from './cookie';
import * as session from './service';

const tags = ['Sesión'];
const PIN_ONLY = 'El NIP solo aplica a usuarios Wallet';
const Nothing = answer(z.null());
const Denied = answer(LoginResult).extend({ ErrorCode: z.string(), message: z.string() });

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.ctx;
  const ctx = { db, config };
  const perIp = { max: config.rateLimitSignin, timeWindow: '1 minute' };
  // A second limit keyed by the account, so spreading guesses over many IPs gains nothing.
  const perAccount = accountLimit(app, {
    max: Math.max(1, Math.floor(config.rateLimitSignin / 2)),
    timeWindow: '1 minute',
    key: (req) => `acct:${String((req.body as { Email?: string } | undefined)?.Email ?? '').toLowerCase()}`,
  });
  const pub = { access: 'public' as const, rateLimit: perIp };

  app.post(
    '/api/v1/account/Signin',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Iniciar sesión', body: SigninBody, response: { 200: answer(LoginResult), 401: Denied, 403: Denied } },
    },
    async (req, reply) => {
      const { status, result } = await session.signin(ctx, { ...req.body, ip: req.ip, userAgent: req.headers['user-agent'] });
      if (status !== 200) {
        return reply.status(status as 401 | 403).send({
          success: false,
          IsSuccess: false,
          data: result,
          status: { code: status, message: result.DenialReason! },
          ErrorCode: status === 401 ? 'INVALID_CREDENTIALS' : 'FORBIDDEN',
          message: result.DenialReason!,
        });
      }
      setRefreshCookie(req, reply, result.RefreshToken);
      return ok(result);
    },
  );

  // Its own budget per session (checked once the body is read), not the sign-in limit per IP.
  const refreshLimit = { max: REFRESH_PER_SESSION, timeWindow: '1 minute', hook: 'preHandler' as const, keyGenerator: refreshBudgetKey };
  app.post(
    '/api/v1/account/Token/Refresh',
    {
      config: { access: 'public', rateLimit: refreshLimit },
      schema: {
        tags,
        summary: 'Rotar el token de actualización (en el cuerpo, o la cookie far_refresh del navegador)',
        body: RefreshBody.partial().nullish(),
        response: { 200: answer(LoginResult) },
      },
    },
    async (req, reply) => {
      const result = await session.refresh(ctx, presentedRefreshToken(req) ?? '');
      setRefreshCookie(req, reply, result.RefreshToken);
      return ok(result);
    },
  );

  app.post(
    '/api/v1/account/LogOut',
    {
      config: { access: 'authenticated', temporaryPasswordOk: true },
      schema: { tags, summary: 'Cerrar sesión (revoca la sesión)', body: LogOutBody, response: { 200: Nothing } },
    },
    async (req, reply) => {
      await session.logout(db, actorOf(req));
      clearRefreshCookie(req, reply);
      return ok(null, 'Sesión cerrada');
    },
  );

  app.post(
    '/api/v1/account/Password/StartResetPassword',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Enviar código para restablecer la contraseña', body: EmailBody, response: { 200: answer(CodeDelivery) } },
    },
    async (req) => ok(await session.startPasswordReset(db, req.body.Email), 'Si el correo tiene una cuenta, enviamos un código'),
  );

  app.post(
    '/api/v1/account/Password/ConfirmResetPassword',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Restablecer la contraseña con el código', body: ConfirmResetBody, response: { 200: Nothing } },
    },
    async (req) => {
      await session.confirmPasswordReset(db, req.body);
      return ok(null, 'Contraseña restablecida');
    },
  );

  app.post(
    '/api/v1/account/Password/Change',
    {
      config: { access: 'authenticated', temporaryPasswordOk: true },
      schema: { tags, summary: 'Cambiar la propia contraseña', body: ChangePasswordBody, response: { 200: Nothing } },
    },
    async (req) => {
      await session.changePassword(db, actorOf(req), req.body);
      return ok(null, 'Contraseña actualizada');
    },
  );

  app.post(
    '/api/v1/account/Signup/Token/Resend',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Alta Wallet 1: datos y código al correo', body: SignupStartBody, response: { 200: answer(CodeDelivery) } },
    },
    async (req) => ok(await session.signupStart(db, req.body, req.ip), 'Código enviado'),
  );

  app.post(
    '/api/v1/account/Signup/Token/Validate',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Alta Wallet 2: confirmar el correo', body: SignupValidateBody, response: { 200: Nothing } },
    },
    async (req) => {
      await session.signupValidateEmail(db, req.body);
      return ok(null, 'Correo confirmado');
    },
  );

  app.post(
    '/api/v1/account/Signup/VerificationCode',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Alta Wallet 3: código por SMS al celular', body: EmailBody, response: { 200: answer(CodeDelivery) } },
    },
    async (req) => ok(await session.signupSendPhoneCode(db, req.body), 'Código enviado'),
  );

  app.post(
    '/api/v1/account/Signup/Password',
    {
      config: pub,
      preHandler: perAccount,
      schema: { tags, summary: 'Alta Wallet 4: código del celular y contraseña', body: SignupPasswordBody, response: { 200: Nothing } },
    },
    async (req) => {
      await session.signupSetPassword(db, req.body);
      return ok(null, 'Tu cuenta está lista');
    },
  );

  app.post(
    '/api/v1/account/Pin',
    {
      config: { access: { WAL: { menu: '/profile', permission: 'Editar' }, refused: PIN_ONLY } },
      schema: { tags, summary: 'Configurar o cambiar el NIP de cuatro dígitos (Wallet)', body: PinBody, response: { 200: Nothing } },
    },
    async (req) => {
      await session.setPin(db, actorOf(req), req.body);
      return ok(null, 'NIP guardado');
    },
  );

  app.post(
    '/api/v1/account/Pin/Validate',
    {
      config: { access: { WAL: 'any', refused: PIN_ONLY }, rateLimit: perIp },
      schema: {
        tags,
        summary: 'Validar el NIP (intentos limitados)',
        body: z.object({ Pin: PinField }),
        response: { 200: answer(z.object({ Valid: z.literal(true) })) },
      },
    },
    async (req) => {
      await validatePin(db, actorOf(req), req.body.Pin);
      return ok({ Valid: true as const });
    },
  );

  app.post(
    '/api/v1/account/GetStatusByEmail',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Estatus de un usuario por correo (personal FAR, o el propio)', body: EmailBody, response: { 200: answer(StatusByEmail) } },
    },
    async (req) => ok(await session.statusByEmail(db, actorOf(req), req.body.Email)),
  );
};
