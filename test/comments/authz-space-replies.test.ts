import { commentMatrices } from "./matrix";

commentMatrices("space", "replies");
