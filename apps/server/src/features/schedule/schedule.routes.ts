import * as c from '@tz/shared/schedule/schedule.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import { freeSlotsOfDay } from './free-slots.service';
import * as service from './schedule.service';

export function scheduleRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  registerEndpoint(app, deps, c.listScheduleItems, ({ params }) => service.scheduleItems(db, params.staffId));
  registerEndpoint(app, deps, c.updateSchedule, ({ params, body }) =>
    service.updateSchedule(db, params.staffId, body.schedule_items),
  );
  registerEndpoint(app, deps, c.listSpecialDays, ({ params }) => service.specialDays(db, params.staffId));
  registerEndpoint(app, deps, c.createSpecialDays, ({ params, body }) =>
    service.createSpecialDays(db, params.staffId, body.special_days),
  );
  registerEndpoint(app, deps, c.deleteSpecialDay, ({ params }) =>
    service.deleteSpecialDay(db, params.staffId, params.specialDayId),
  );
  registerEndpoint(app, deps, c.listHolidays, ({ params }) => service.holidays(db, params.staffId));
  registerEndpoint(app, deps, c.updateHolidays, ({ params, body }) =>
    service.updateHolidays(db, params.staffId, body.date),
  );
  registerEndpoint(app, deps, c.listFreeSlots, ({ params, query }) =>
    freeSlotsOfDay(db, params.staffId, query.service_id, query.date),
  );
  registerEndpoint(app, deps, c.deleteHoliday, ({ params }) =>
    service.deleteHoliday(db, params.staffId, params.holidayId),
  );
}
