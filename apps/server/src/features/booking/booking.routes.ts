import * as c from '@tz/shared/booking/booking.contract';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { registerEndpoint } from '../../http/route';
import * as service from './booking.service';
import * as results from './booking-results.service';

/** The public booking page: no login; /api/public/ carries the per-IP rate limit of every public route. */
export function bookingRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, c.getBookingPage, ({ params }) => service.page(deps, params.searchName));
  registerEndpoint(app, deps, c.getBookingDays, ({ params, query }) =>
    service.closedDays(deps, params.searchName, query.month),
  );
  registerEndpoint(app, deps, c.getBookingLegal, ({ params }) => service.legal(deps, params.searchName));
  registerEndpoint(app, deps, c.getBookingSlots, ({ params, query }) => service.slots(deps, params.searchName, query));
  registerEndpoint(app, deps, c.createBooking, ({ params, body, req }) =>
    service.book(deps, params.searchName, body, { ip: req.ip }),
  );
  registerEndpoint(app, deps, c.getBooking, ({ params }) => service.get(deps, params.token));
  registerEndpoint(app, deps, c.cancelBooking, ({ params }) => service.cancel(deps, params.token));
  registerEndpoint(
    app,
    deps,
    c.openTestResult,
    async ({ params, body }) => (await results.openResult(deps, params.token, body.birthday)).result,
  );
  registerEndpoint(app, deps, c.downloadTestResultPdf, async ({ params, body, reply }) => {
    const { pdf, filename } = await results.resultPdf(deps, params.token, body.birthday);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });
}
