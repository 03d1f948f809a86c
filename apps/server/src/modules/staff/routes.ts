import {
  Department,
  DepartmentCreateBody,
  DepartmentIdBody,
  DepartmentUpdateBody,
  Employee,
  EmployeeCreateBody,
  EmployeeUpdateBody,
  answer,
  Uuid,
} from '@far/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/guard';
import { ok } from '../../platform/reply';
import * as staff from './service';

const STAFF = '/user/techfar';
const at = (permission: 'Ver' | 'Agregar' | 'Editar' | 'Borrar') => ({ access: { FAR: { menu: STAFF, permission } } });
const IdParam = z.object({ id: Uuid });

/** Departments (/api/v1/profiles/departments) and employee records (/api/v1/employee) of admin users. */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['Departamentos'];

  app.post(
    '/api/v1/profiles/departments/list',
    {
      config: at('Ver'),
      schema: {
        tags,
        summary: 'Departamentos activos (Administración, Soporte Técnico, Ventas y los creados)',
        response: { 200: answer(z.array(Department)) },
      },
    },
    async () => ok(await staff.listDepartments(db)),
  );
  app.post(
    '/api/v1/profiles/departments/getbyid',
    { config: at('Ver'), schema: { tags, summary: 'Un departamento', body: DepartmentIdBody, response: { 200: answer(Department) } } },
    async (req) => ok(await staff.getDepartment(db, req.body.Id)),
  );
  app.post(
    '/api/v1/profiles/departments/create',
    { config: at('Agregar'), schema: { tags, summary: 'Crear un departamento', body: DepartmentCreateBody, response: { 200: answer(Department) } } },
    async (req) => ok(await db.transaction((tx) => staff.createDepartment(tx, actorOf(req), req.body.Name)), 'Departamento creado'),
  );
  app.put(
    '/api/v1/profiles/departments/update',
    {
      config: at('Editar'),
      schema: { tags, summary: 'Renombrar un departamento (los del sistema no)', body: DepartmentUpdateBody, response: { 200: answer(Department) } },
    },
    async (req) => ok(await db.transaction((tx) => staff.updateDepartment(tx, actorOf(req), req.body.Id, req.body.Name)), 'Departamento actualizado'),
  );
  app.post(
    '/api/v1/profiles/departments/delete',
    {
      config: at('Borrar'),
      schema: { tags, summary: 'Eliminar un departamento sin empleados (los del sistema no)', body: DepartmentIdBody, response: { 200: answer(z.null()) } },
    },
    async (req) => {
      await db.transaction((tx) => staff.deleteDepartment(tx, actorOf(req), req.body.Id));
      return ok(null, 'Departamento eliminado');
    },
  );

  const etags = ['Empleados'];
  app.post(
    '/api/v1/employee',
    {
      config: at('Agregar'),
      schema: {
        tags: etags,
        summary: 'Registrar los datos de empleado de un usuario administrador',
        body: EmployeeCreateBody,
        response: { 200: answer(Employee) },
      },
    },
    async (req) => ok(await db.transaction((tx) => staff.createEmployee(tx, actorOf(req), req.body)), 'Empleado registrado'),
  );
  app.get(
    '/api/v1/employee/:id',
    {
      config: at('Ver'),
      schema: { tags: etags, summary: 'Datos de empleado (id del registro o del usuario)', params: IdParam, response: { 200: answer(Employee) } },
    },
    async (req) => ok(await staff.getEmployee(db, req.params.id)),
  );
  app.put(
    '/api/v1/employee/:id',
    {
      config: at('Editar'),
      schema: {
        tags: etags,
        summary: 'Editar los datos de empleado (id del registro o del usuario)',
        params: IdParam,
        body: EmployeeUpdateBody,
        response: { 200: answer(Employee) },
      },
    },
    async (req) => ok(await db.transaction((tx) => staff.updateEmployee(tx, actorOf(req), req.params.id, req.body)), 'Empleado actualizado'),
  );
};
