import { endpoint } from '../define';
import { User } from './auth';

export const users = {
  me: endpoint({
    method: 'GET',
    path: '/api/v1/users/me',
    family: 'users',
    summary: 'The current user',
    response: User,
    status: 200,
    auth: 'bearer',
  }),
};
